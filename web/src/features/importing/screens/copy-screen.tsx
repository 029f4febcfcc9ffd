import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { CopyPage } from '../components/copy-page';
import { UnavailableType } from '../components/unavailable-type';
import { useTypeScreen } from '../hooks/use-type-screen';

/** `/copyparameter/:type` (_SUPER and ADMIN): one parameter type from one line to another. */
export default function CopyScreen() {
  const s = useTypeScreen('copy');
  const navigate = useNavigate();
  const { search } = useLocation();
  const choose = (key: string) => navigate({ pathname: `/copyparameter/${key}`, search });
  if (s.state === 'loading') return <Spinner fill />;
  if (s.state === 'unavailable') return <UnavailableType capability="copy" type={s.type} types={s.types} onChoose={choose} />;
  return <CopyPage key={s.descriptor.key} descriptor={s.descriptor} types={s.types} onType={choose} />;
}
