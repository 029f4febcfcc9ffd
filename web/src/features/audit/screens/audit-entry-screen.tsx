import { AuditEntryPage } from '../components/audit-entry-page';

/** /audit/:id. */
export default function AuditEntryScreen() {
  return <AuditEntryPage />;
}
