import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The loading spinner of §2: green, 25 px. */
export function Spinner({ fill = false }: { fill?: boolean }) {
  const intl = useIntl();
  const loader = (
    <Loader color="green" size={25} role="status" aria-label={intl.formatMessage({ id: 'web.common.loading', defaultMessage: 'Loading' })} />
  );
  return fill ? <Center mih="50vh">{loader}</Center> : loader;
}
