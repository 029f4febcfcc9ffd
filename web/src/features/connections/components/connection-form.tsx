import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Protocol, SecurityMode, SecurityPolicy, Severity, TagKind } from '@/generated/enums';
import { LineSelect } from '@/components/line-select';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useTest, useTrust, type Browsed, type Connection, type ConnectionInput, type TestOutcome } from '../api/connections-api';
import { formatValueMap, parseValueMap } from '../utils/value-map';
import { NodeBrowser } from './node-browser';

interface TagRow {
  kind: TagKind;
  nodeId: string;
  code: string;
  deadband: string;
  severity: Severity;
  message: string;
  valueMap: string;
}

const emptyRow = (): TagRow => ({ kind: 'PROCESS', nodeId: '', code: '', deadband: '', severity: 'WARNING', message: '', valueMap: '' });

function rowOf(t: Connection['tags'][number]): TagRow {
  return {
    kind: t.kind,
    nodeId: t.nodeId,
    code: t.code,
    deadband: t.deadband != null ? String(t.deadband) : '',
    severity: t.severity ?? 'WARNING',
    message: t.message ?? '',
    valueMap: formatValueMap(t.valueMap),
  };
}

/** A code from a browse name: `Press.Current` → `PRESS_CURRENT`. */
export const codeFrom = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32);

/** Create/edit a connection: the server, its security and user, and the tag table. */
export function ConnectionForm({
  initial,
  initialLine,
  busy,
  onSubmit,
}: {
  initial?: Connection;
  /** A new connection's line (the list's). */
  initialLine?: string | null;
  busy: boolean;
  onSubmit: (input: ConnectionInput) => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { lines } = useLines();
  const showError = useErrorNotice();
  const [lineId, setLineId] = useState<string | null>(initial?.lineId ?? initialLine ?? null);
  const [name, setName] = useState(initial?.name ?? '');
  const [protocol, setProtocol] = useState<Protocol>(initial?.protocol ?? 'OPCUA');
  const [endpoint, setEndpoint] = useState(initial?.endpoint ?? 'opc.tcp://');
  const [policy, setPolicy] = useState<SecurityPolicy>(initial?.securityPolicy ?? 'None');
  const [mode, setMode] = useState<SecurityMode>(initial?.securityMode ?? 'None');
  const [username, setUsername] = useState(initial?.username ?? '');
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [samplingMs, setSamplingMs] = useState<number>(initial?.samplingMs ?? 1000);
  const [rows, setRows] = useState<TagRow[]>(initial?.tags.map(rowOf) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [browsingRow, setBrowsingRow] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const test = useTest();
  const trust = useTrust();

  const setRow = (i: number, patch: Partial<TagRow>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  /** The record as the form holds it; a value map it cannot read is a field error. */
  const input = (): ConnectionInput | null => {
    const bad: Record<string, string> = {};
    const tags = rows.map((r, i) => {
      const tag: ConnectionInput['tags'] extends (infer T)[] | null | undefined ? T : never = {
        kind: r.kind,
        nodeId: r.nodeId.trim(),
        code: r.code.trim(),
      };
      if ((r.kind === 'PROCESS' || r.kind === 'PRESSURE') && r.deadband.trim()) tag.deadband = Number(r.deadband);
      if (r.kind === 'ALARM') {
        tag.severity = r.severity;
        if (r.message.trim()) tag.message = r.message.trim();
      }
      if (r.kind === 'STATE') {
        const parsed = parseValueMap(r.valueMap);
        if ('bad' in parsed) bad[`tags[${i}].valueMap`] = t('web.connection.badPair', { pair: parsed.bad });
        else tag.valueMap = parsed.map;
      }
      return tag;
    });
    if (Object.keys(bad).length) {
      setErrors(bad);
      return null;
    }
    const out: ConnectionInput = {
      lineId,
      name,
      protocol,
      endpoint,
      securityPolicy: protocol === 'OPCUA' ? policy : 'None',
      securityMode: protocol === 'OPCUA' ? mode : 'None',
      username: username.trim() || null,
      enabled,
      samplingMs,
      tags,
    };
    if (password) out.password = password;
    else if (clearPassword) out.password = '';
    return out;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = input();
    if (!body) return;
    setErrors({});
    onSubmit(body).catch((err: unknown) => {
      if (err instanceof ApiError && err.body?.errors) setErrors(err.body.errors);
      showError(err);
    });
  };

  const runTest = () => {
    const body = input();
    if (!body) return;
    setOutcome(null);
    test.mutate(
      { ...body, connectionId: initial?._id ?? null },
      {
        onSuccess: (o) => setOutcome(o),
        onError: (err) => {
          if (err instanceof ApiError && err.body?.errors) setErrors(err.body.errors);
          showError(err);
        },
      },
    );
  };

  const picked = (i: number, n: Browsed) => {
    setRow(i, { nodeId: n.nodeId, code: rows[i]?.code || codeFrom(n.browseName || n.displayName) });
    setBrowsingRow(null);
  };

  const target = {
    endpoint,
    securityPolicy: policy,
    securityMode: mode,
    username: username.trim() || null,
    password: password || null,
    connectionId: initial?._id ?? null,
  };
  const err = (key: string) => errors[key];
  const options = (values: readonly string[], prefix?: string) => values.map((v) => ({ value: v, label: prefix ? t(`${prefix}.${v}`) : v }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-start" wrap="wrap">
          <LineSelect lines={lines} value={lineId} onChange={setLineId} required error={err('lineId')} disabled={Boolean(initial)} />
          <TextInput label={t('web.connection.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} maw={320} />
          <Select
            label={t('web.connection.protocol')}
            data={options(Protocol, 'web.connection.protocolName')}
            value={protocol}
            onChange={(v) => v && setProtocol(v as Protocol)}
            allowDeselect={false}
            error={err('protocol')}
            maw={220}
            data-testid="protocol-select"
          />
          <Switch label={t('web.connection.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} mt={30} />
        </Group>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t(protocol === 'OPCUA' ? 'web.connection.endpoint' : 'web.connection.sparkplugEdge')}
            description={t(protocol === 'OPCUA' ? 'web.connection.endpointHint' : 'web.connection.sparkplugHint')}
            required
            value={endpoint}
            onChange={(e) => setEndpoint(e.currentTarget.value)}
            error={err('endpoint')}
            miw={360}
          />
          <NumberInput
            label={t('web.connection.samplingMs')}
            description={t('web.connection.samplingHint')}
            min={100}
            max={3_600_000}
            step={100}
            value={samplingMs}
            onChange={(v) => setSamplingMs(typeof v === 'number' ? v : Number(v) || 1000)}
            error={err('samplingMs')}
            maw={200}
          />
        </Group>
        {protocol === 'OPCUA' ? (
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('web.connection.securityPolicy')}
              data={options(SecurityPolicy)}
              value={policy}
              onChange={(v) => {
                if (!v) return;
                setPolicy(v as SecurityPolicy);
                setMode(v === 'None' ? 'None' : mode === 'None' ? 'SignAndEncrypt' : mode);
              }}
              allowDeselect={false}
              error={err('securityPolicy')}
              maw={260}
            />
            <Select
              label={t('web.connection.securityMode')}
              data={options(SecurityMode)}
              value={mode}
              onChange={(v) => v && setMode(v as SecurityMode)}
              allowDeselect={false}
              error={err('securityMode')}
              maw={220}
            />
            <TextInput label={t('web.connection.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} error={err('username')} maw={220} autoComplete="off" />
            <Stack gap={4}>
              <PasswordInput
                label={t('web.connection.password')}
                placeholder={initial?.hasPassword ? t('web.connection.passwordKept') : undefined}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={err('password')}
                maw={240}
                autoComplete="new-password"
              />
              {initial?.hasPassword ? (
                <Checkbox label={t('web.connection.passwordRemove')} checked={clearPassword} onChange={(e) => setClearPassword(e.currentTarget.checked)} disabled={Boolean(password)} />
              ) : null}
            </Stack>
          </Group>
        ) : null}

        <Title order={2} size="h4">
          {t('web.connection.tags')}
        </Title>
        {err('tags') ? <Alert color="red">{err('tags')}</Alert> : null}
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder aria-label={t('web.connection.tags')} data-testid="tag-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.connection.tagKind')}</Table.Th>
                <Table.Th>{t(protocol === 'OPCUA' ? 'web.connection.nodeId' : 'web.connection.metric')}</Table.Th>
                <Table.Th>{t('web.connection.code')}</Table.Th>
                <Table.Th>{t('web.connection.details')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('web.config.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={i} data-testid="tag-row">
                  <Table.Td>
                    <Select
                      aria-label={t('web.connection.tagKindOf', { n: i + 1 })}
                      data={options(TagKind, 'web.connection.kind')}
                      value={r.kind}
                      onChange={(v) => v && setRow(i, { kind: v as TagKind })}
                      allowDeselect={false}
                      w={150}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <TextInput
                        aria-label={t('web.connection.nodeIdOf', { n: i + 1 })}
                        value={r.nodeId}
                        onChange={(e) => setRow(i, { nodeId: e.currentTarget.value })}
                        error={err(`tags[${i}].nodeId`)}
                        placeholder="ns=2;s=Press.Current"
                        miw={240}
                        ff="monospace"
                      />
                      {protocol === 'OPCUA' ? (
                        <Button variant="default" size="xs" onClick={() => setBrowsingRow(i)} data-testid="browse-button">
                          {t('web.connection.browse')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('web.connection.codeOf', { n: i + 1 })}
                      value={r.code}
                      onChange={(e) => setRow(i, { code: e.currentTarget.value })}
                      error={err(`tags[${i}].code`)}
                      w={180}
                    />
                  </Table.Td>
                  <Table.Td>
                    {r.kind === 'PROCESS' || r.kind === 'PRESSURE' ? (
                      <TextInput
                        aria-label={t('web.connection.deadbandOf', { n: i + 1 })}
                        placeholder={t('web.connection.deadband')}
                        value={r.deadband}
                        onChange={(e) => setRow(i, { deadband: e.currentTarget.value })}
                        error={err(`tags[${i}].deadband`)}
                        inputMode="decimal"
                        w={160}
                      />
                    ) : r.kind === 'ALARM' ? (
                      <Group gap={4} wrap="nowrap">
                        <Select
                          aria-label={t('web.connection.severityOf', { n: i + 1 })}
                          data={options(Severity)}
                          value={r.severity}
                          onChange={(v) => v && setRow(i, { severity: v as Severity })}
                          allowDeselect={false}
                          w={130}
                        />
                        <TextInput
                          aria-label={t('web.connection.messageOf', { n: i + 1 })}
                          placeholder={t('web.connection.message')}
                          value={r.message}
                          onChange={(e) => setRow(i, { message: e.currentTarget.value })}
                          error={err(`tags[${i}].message`)}
                          miw={200}
                        />
                      </Group>
                    ) : (
                      <TextInput
                        aria-label={t('web.connection.valueMapOf', { n: i + 1 })}
                        placeholder="0=STOPPED, 1=RUNNING, 2=IDLE, 3=FAULT"
                        value={r.valueMap}
                        onChange={(e) => setRow(i, { valueMap: e.currentTarget.value })}
                        error={err(`tags[${i}].valueMap`)}
                        miw={280}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))} aria-label={t('web.connection.removeTag', { n: i + 1 })}>
                      ✕
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button variant="default" onClick={() => setRows((rs) => [...rs, emptyRow()])} data-testid="add-tag">
            {t('web.connection.addTag')}
          </Button>
        </Group>

        {outcome ? <TestResult outcome={outcome} onTrust={(thumbprint) => trust.mutate(thumbprint, { onSuccess: (r) => { notify(r.message ?? '', 'success'); setOutcome(null); runTest(); }, onError: showError })} trusting={trust.isPending} /> : null}

        <Group>
          <Button type="submit" loading={busy}>
            {t('web.config.save')}
          </Button>
          {protocol === 'OPCUA' ? (
            <Button variant="light" onClick={runTest} loading={test.isPending} data-testid="test-connection">
              {t('web.connection.test')}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => void navigate('/configurator/connections')}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
      {browsingRow != null ? <NodeBrowser target={target} onClose={() => setBrowsingRow(null)} onPick={(n) => picked(browsingRow, n)} /> : null}
    </form>
  );
}

/** What "test" found: connected with each tag's status and value, or why not (and the trust dialog). */
function TestResult({ outcome, onTrust, trusting }: { outcome: TestOutcome; onTrust: (thumbprint: string) => void; trusting: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [dismissed, setDismissed] = useState(false);
  const cert = outcome.untrustedCertificate;
  return (
    <Stack gap="xs" data-testid="test-result" aria-live="polite">
      {outcome.connected ? (
        <Alert color="green" title={t('web.connection.testConnected')}>
          <Table aria-label={t('web.connection.testTags')}>
            <Table.Tbody>
              {outcome.tags.map((tag) => (
                <Table.Tr key={tag.nodeId}>
                  <Table.Td ff="monospace">{tag.nodeId}</Table.Td>
                  <Table.Td c={tag.status === 'Good' ? undefined : 'red'}>{tag.status}</Table.Td>
                  <Table.Td>{tag.value ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      ) : (
        <Alert color="red" title={t(outcome.fault ? 'web.connection.testRefused' : 'web.connection.testUnreachable')}>
          {outcome.error}
        </Alert>
      )}
      {cert && !dismissed ? (
        <Modal opened onClose={() => setDismissed(true)} title={t('web.connection.trustTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('web.connection.trustExplain')}</Text>
            <Text size="sm">
              {t('web.connection.subject')}: <Code>{cert.subject}</Code>
            </Text>
            <Text size="sm">
              {t('web.connection.thumbprint')}: <Code data-testid="thumbprint">{cert.thumbprint}</Code>
            </Text>
            <Group>
              <Button onClick={() => onTrust(cert.thumbprint)} loading={trusting} data-testid="trust-server">
                {t('web.connection.trustServer')}
              </Button>
              <Button variant="default" onClick={() => setDismissed(true)}>
                {t('web.common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
