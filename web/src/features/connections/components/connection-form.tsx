import { Alert, Button, Checkbox, Group, NumberInput, PasswordInput, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Protocol, SecurityMode, SecurityPolicy } from '@/generated/enums';
import { LineSelect } from '@/components/line-select';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useTest, useTrust, type Browsed, type Connection, type ConnectionInput, type TestOutcome } from '../api/connections-api';
import { NodeBrowser } from './node-browser';
import { codeFrom, MONO_INPUT, rowOf, TagTable, tagsOf, type TagRow } from './tag-table';
import { TestResult } from './test-result';

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
  const [interfaceNode, setInterfaceNode] = useState(initial?.interfaceNode ?? '');
  const [rows, setRows] = useState<TagRow[]>(initial?.tags.map(rowOf) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [browsingRow, setBrowsingRow] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const test = useTest();
  const trust = useTrust();


  /** The record as the form holds it; a value map it cannot read is a field error. */
  const input = (): ConnectionInput | null => {
    const checked = tagsOf(rows, (pair) => t('web.connection.badPair', { pair }));
    if ('errors' in checked) {
      setErrors(checked.errors);
      return null;
    }
    const { tags } = checked;
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
      interfaceNode: protocol === 'OPCUA' ? interfaceNode.trim() || null : null,
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
    setRows((rs) => rs.map((r, k) => (k === i ? { ...r, nodeId: n.nodeId, code: r.code || codeFrom(n.browseName || n.displayName) } : r)));
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
          {protocol === 'OPCUA' ? (
            <TextInput
              label={t('web.connection.interfaceNode')}
              description={t('web.connection.interfaceHint')}
              value={interfaceNode}
              onChange={(e) => setInterfaceNode(e.currentTarget.value)}
              error={err('interfaceNode')}
              placeholder="ns=2;s=Line1"
              miw={300}
              styles={MONO_INPUT}
              data-testid="interface-node"
            />
          ) : null}
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
        <TagTable rows={rows} setRows={setRows} protocol={protocol} err={err} onBrowse={setBrowsingRow} />

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
