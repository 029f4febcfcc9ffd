import { FormattedMessage } from 'react-intl';
import { NotePanel } from './placeholder-panels';

export function NotFound() {
  return (
    <NotePanel title={<FormattedMessage id="web.common.notFoundTitle" defaultMessage="Page not found" />} color="gray">
      <FormattedMessage id="web.common.notFound" defaultMessage="There is no page at this address." />
    </NotePanel>
  );
}
