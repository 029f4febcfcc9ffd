import { EntityListPage } from '../components/entity-list-page';
import { useConfigScreen } from '../hooks/use-config-screen';

/** The list route of every configuration entity. */
export default function ListScreen() {
  const s = useConfigScreen();
  if (!s.ready) return s.fallback;
  return <EntityListPage key={s.screen.entity} screen={s.screen} descriptor={s.descriptor} all={s.all} />;
}
