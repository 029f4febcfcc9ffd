import { CopyPage } from '../components/copy-page';
import { useTypeScreen } from '../hooks/use-type-screen';

/** `/copyparameter/:type` (_SUPER and ADMIN): one parameter type from one line to another. */
export default function CopyScreen() {
  const s = useTypeScreen('copy');
  if (!s.ready) return s.fallback;
  return <CopyPage key={s.descriptor.key} descriptor={s.descriptor} types={s.types} onType={s.choose} />;
}
