import { useParams, useSearchParams } from 'react-router-dom';
import { EntityEditPage } from '../components/entity-edit-page';
import { useConfigScreen } from '../hooks/use-config-screen';

/** The edit route of every configuration entity; the shift's takes its id as `?id=` (§2 has no id in it). */
export default function EditScreen() {
  const s = useConfigScreen();
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  if (!s.ready) return s.fallback;
  const id = (s.screen.edit.inQuery ? params.get('id') : pathId) ?? '';
  return <EntityEditPage key={`${s.screen.entity}/${id}`} screen={s.screen} descriptor={s.descriptor} all={s.all} id={id} />;
}
