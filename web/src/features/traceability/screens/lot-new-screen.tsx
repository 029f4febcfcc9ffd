import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { LotForm } from '../components/lot-form';
import { useTraceText } from '../hooks/use-trace-text';

/** /traceability/lots/new: goods-in. */
export default function LotNewScreen() {
  const { t } = useTraceText();
  const [params] = useSearchParams();
  const lineId = params.get('lineId');
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.trace.goodsInTitle')}
      </Title>
      <LotForm key={lineId ?? ''} initialLineId={lineId} />
    </section>
  );
}
