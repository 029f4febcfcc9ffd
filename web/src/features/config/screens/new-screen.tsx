import { EntityEditPage } from '../components/entity-edit-page';
import { useConfigScreen } from '../hooks/use-config-screen';

/** The new route of every configuration entity (`new`, or `add` where §2 says so). */
export default function NewScreen() {
  const s = useConfigScreen();
  if (!s.ready) return s.fallback;
  return <EntityEditPage key={s.screen.entity} screen={s.screen} descriptor={s.descriptor} all={s.all} />;
}
