import { Alert, Badge, Button, Group, Loader, Modal, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '@/lib/api-client';
import { browse, type BrowseRequest, type Browsed } from '../api/connections-api';

type Target = Omit<BrowseRequest, 'nodeId'>;

/** One level of the tree: read when it is first shown (lazy), kept while the dialog is open. */
function Level({ target, nodeId, depth, onPick }: { target: Target; nodeId: string; depth: number; onPick: (n: Browsed) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const level = useQuery({
    queryKey: ['connections', 'browse', target, nodeId],
    queryFn: () => browse({ ...target, nodeId: nodeId || null }),
    retry: false,
    staleTime: 30_000,
  });
  if (level.isPending) return <Loader size="xs" aria-label={t('web.connection.browsing')} />;
  if (level.isError) {
    const e = level.error;
    const text = e instanceof ApiError ? (e.firstError() ?? e.message) : t('server.error');
    return (
      <Alert color="red" title={t('web.connection.browseFailed')} role="alert">
        {text}
      </Alert>
    );
  }
  if (!level.data.length) return <Text size="sm" c="dimmed">{t('web.connection.noChildren')}</Text>;
  return (
    <ul
      role={depth === 0 ? 'tree' : 'group'}
      aria-label={depth === 0 ? t('web.connection.addressSpace') : undefined}
      style={{ listStyle: 'none', paddingLeft: depth ? 18 : 0, margin: 0 }}
    >
      {level.data.map((n) => (
        <li key={n.nodeId} role="treeitem" aria-expanded={n.hasChildren ? Boolean(open[n.nodeId]) : undefined} aria-selected={false}>
          <Group gap="xs" wrap="nowrap" py={2}>
            {n.hasChildren ? (
              <UnstyledButton
                onClick={() => setOpen((o) => ({ ...o, [n.nodeId]: !o[n.nodeId] }))}
                aria-label={t(open[n.nodeId] ? 'web.connection.collapse' : 'web.connection.expand', { name: n.displayName })}
                data-testid="browse-expand"
              >
                {open[n.nodeId] ? '▾' : '▸'} {n.displayName}
              </UnstyledButton>
            ) : n.nodeClass === 'Variable' ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onPick(n)}
                data-testid="browse-pick"
                aria-label={t('web.connection.pick', { name: n.displayName })}
              >
                {n.displayName}
              </Button>
            ) : (
              <Text size="sm">{n.displayName}</Text>
            )}
            {n.dataType ? (
              <Badge variant="outline" size="sm">
                {n.dataType}
              </Badge>
            ) : null}
            {n.value != null ? (
              <Text size="xs" c="dimmed">
                = {n.value}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" ff="monospace">
              {n.nodeId}
            </Text>
          </Group>
          {n.hasChildren && open[n.nodeId] ? <Level target={target} nodeId={n.nodeId} depth={depth + 1} onPick={onPick} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The node browser: the server's address space from the Objects folder, each level read when
 * it is opened; picking a variable hands its node back.
 */
export function NodeBrowser({ target, onClose, onPick }: { target: Target; onClose: () => void; onPick: (node: Browsed) => void }) {
  const intl = useIntl();
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'web.connection.browseTitle' }, { endpoint: target.endpoint ?? '' })} size="xl">
      <Level target={target} nodeId="" depth={0} onPick={onPick} />
    </Modal>
  );
}
