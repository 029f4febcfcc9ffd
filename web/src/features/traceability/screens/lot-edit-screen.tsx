import { Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useLot } from '../api/lots-api';
import { LotForm } from '../components/lot-form';
import { ScreenFallback } from '../components/screen-fallback';
import { useTraceText } from '../hooks/use-trace-text';

/** /traceability/lots/edit/:id: a lot's facts changed (its status moves from its view or the list). */
export default function LotEditScreen() {
  const { t } = useTraceText();
  const { id = '' } = useParams();
  const lot = useLot(id);
  const title = lot.data ? t('web.trace.editLot', { lot: lot.data.lotNumber }) : t('web.action.edit', { entity: t('web.screen.lot') });
  if (!lot.data) return <ScreenFallback title={title} pending={lot.isPending} error={lot.error} />;
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      <LotForm key={lot.data.updatedAt} lot={lot.data} />
    </section>
  );
}
