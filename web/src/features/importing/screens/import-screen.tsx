import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ImportPage } from '../components/import-page';
import { UnavailableType } from '../components/unavailable-type';
import { useTypeScreen } from '../hooks/use-type-screen';

/** `/import/:type` (_SUPER and ADMIN): a spreadsheet of one importable entity into a line. */
export default function ImportScreen() {
  const s = useTypeScreen('import');
  const navigate = useNavigate();
  const { search } = useLocation();
  // The line stays when another type is chosen.
  const choose = (key: string) => navigate({ pathname: `/import/${key}`, search });
  if (s.state === 'loading') return <Spinner fill />;
  if (s.state === 'unavailable') return <UnavailableType capability="import" type={s.type} types={s.types} onChoose={choose} />;
  return <ImportPage key={s.descriptor.key} descriptor={s.descriptor} types={s.types} onType={choose} />;
}
