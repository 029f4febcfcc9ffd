import { AuditListPage } from '../components/audit-list-page';

/** /audit. */
export default function AuditScreen() {
  return <AuditListPage />;
}
