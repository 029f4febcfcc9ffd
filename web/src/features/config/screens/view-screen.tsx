import { useParams } from 'react-router-dom';
import { EntityViewPage } from '../components/entity-view-page';
import { useConfigScreen } from '../hooks/use-config-screen';

/** The view route of every configuration entity. */
export default function ViewScreen() {
  const s = useConfigScreen();
  const { id = '' } = useParams();
  if (!s.ready) return s.fallback;
  return <EntityViewPage key={`${s.screen.entity}/${id}`} screen={s.screen} descriptor={s.descriptor} all={s.all} id={id} />;
}
