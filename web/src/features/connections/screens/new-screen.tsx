import { Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useCreateConnection } from '../api/connections-api';
import { ConnectionForm } from '../components/connection-form';

/** Configurator → Connections → New. */
export default function NewConnectionScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateConnection();
  const lineId = params.get('lineId');
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {intl.formatMessage({ id: 'web.action.new' }, { entity: intl.formatMessage({ id: 'web.screen.connection' }) })}
      </Title>
      <ConnectionForm
        key={lineId ?? ''}
        initialLine={lineId}
        busy={create.isPending}
        onSubmit={(body) =>
          create.mutateAsync(body).then((r) => {
            notify(r.message ?? '', 'success');
            void navigate(`/configurator/connections/edit/${r.data._id}`);
          })
        }
      />
    </section>
  );
}
