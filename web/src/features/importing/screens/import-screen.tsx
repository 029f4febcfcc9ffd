import { ImportPage } from '../components/import-page';
import { useTypeScreen } from '../hooks/use-type-screen';

/** `/import/:type` (_SUPER and ADMIN): a spreadsheet of one importable entity into a line. */
export default function ImportScreen() {
  const s = useTypeScreen('import');
  if (!s.ready) return s.fallback;
  return <ImportPage key={s.descriptor.key} descriptor={s.descriptor} types={s.types} onType={s.choose} />;
}
