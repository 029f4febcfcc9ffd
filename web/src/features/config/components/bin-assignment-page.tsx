import { LIMITS } from '@/lib/limits';
import { Alert, Button, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { Spinner } from '@/components/spinner';
import { allows } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { toText } from '@/lib/text';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useAssignMaterials, useBinsWithScale, type BinMaterialInput, type BinWithScale } from '../api/bins-api';
import { useDescriptor, useRecords } from '../api/config-api';
import type { ConfigRecord } from '../api/config-types';
import { useOptionLabel } from '../hooks/use-display';
import { activeMaterial, isChanged, materialsForBin, type Assignment } from '../utils/bin-assignment';
import { recordLabel } from '../utils/display';
import { BIN_ASSIGNMENT } from '../utils/permissions';
import { parseErrorKey } from '../utils/server-errors';

/** /recipemanagement/binassignment: each bin of a line with its scale and active material; save the changes at once. */
export function BinAssignmentPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const option = useOptionLabel();
  const [params, setParams] = useSearchParams();
  const { lines, loading: linesLoading } = useLines();
  const lineId = params.get('lineId') ?? lines[0]?._id ?? null;
  const bins = useBinsWithScale(lineId);
  const materialsDescriptor = useDescriptor('materialdirectory').descriptor;
  const materials = useRecords(materialsDescriptor, lineId);
  const assign = useAssignMaterials();
  const showError = useErrorNotice();
  const [edits, setEdits] = useState<Record<string, Assignment>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canSave = allows(BIN_ASSIGNMENT, useSession((s) => s.role), useSession((s) => s.privileges));

  useEffect(() => {
    if (!params.get('lineId') && lines[0]) setParams({ lineId: lines[0]._id }, { replace: true });
  }, [params, lines, setParams]);
  useQueryErrorNotice(bins);

  const rows = useMemo(
    () => [...(bins.data ?? [])].sort((a, b) => toText(a.code ?? '').localeCompare(toText(b.code ?? ''), intl.locale, { numeric: true })),
    [bins.data, intl.locale],
  );
  const current = (bin: BinWithScale): Assignment => edits[bin._id] ?? activeMaterial(bin);
  const changed = rows.filter((b) => isChanged(b, edits[b._id]));

  const discard = () => {
    setEdits({});
    setErrors({});
  };

  const setRow = (bin: BinWithScale, patch: Partial<Assignment>) => {
    setEdits((e) => ({ ...e, [bin._id]: { ...current(bin), ...patch } }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => id !== bin._id)));
  };

  const save = () => {
    const sent: BinMaterialInput[] = changed.map((b) => ({ binId: b._id, materialId: current(b).materialId, priority: 1, ...(current(b).lot.trim() ? { lot: current(b).lot.trim() } : {}) }));
    assign.mutate(sent, {
      onSuccess: ({ message }) => {
        notify(message ?? t('web.config.saved'), 'success');
        discard();
      },
      onError: (e) => {
        showError(e);
        const placed: Record<string, string> = {};
        for (const [key, msg] of Object.entries(e instanceof ApiError ? (e.body?.errors ?? {}) : {})) {
          const at = parseErrorKey(key);
          const bin = at?.index !== undefined ? sent[at.index] : undefined;
          if (bin) placed[bin.binId] = placed[bin.binId] ? `${placed[bin.binId]} ${msg}` : msg;
        }
        setErrors(placed);
      },
    });
  };

  let body;
  if (!linesLoading && lines.length === 0) body = <Text data-testid="config-empty">{t('web.config.noLines')}</Text>;
  else if (linesLoading || bins.isPending) body = <Spinner fill />;
  else if (rows.length === 0) body = <Text data-testid="config-empty">{t('web.binAssignment.noBins')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="bin-assignment-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('web.field.binId')}</Table.Th>
              <Table.Th>{t('web.field.scaleId')}</Table.Th>
              <Table.Th>{t('web.field.materialId')}</Table.Th>
              <Table.Th>{t('web.field.lot')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((bin) => {
              const binName = recordLabel(bin);
              const scale = bin.scale;
              const options = materialsForBin(materials.data ?? [], bin, current(bin).materialId).map((m: ConfigRecord) => ({ value: m._id, label: recordLabel(m) }));
              return (
                <Table.Tr key={bin._id} data-id={bin._id} data-changed={changed.includes(bin) ? 'true' : undefined}>
                  <Table.Td>{binName}</Table.Td>
                  <Table.Td>
                    {scale ? `${recordLabel({ _id: scale._id ?? '', code: scale.code, name: scale.name })}${scale.type ? ` · ${option(scale.type)}` : ''}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('web.binAssignment.materialOf', { bin: binName })}
                      placeholder={t('web.binAssignment.noMaterial')}
                      data={options}
                      value={current(bin).materialId || null}
                      onChange={(v) => v && setRow(bin, { materialId: v })}
                      allowDeselect={false}
                      searchable
                      nothingFoundMessage={t('web.config.nothingFound')}
                      error={errors[bin._id]}
                      readOnly={!canSave}
                      miw={220}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('web.binAssignment.lotOf', { bin: binName })}
                      value={current(bin).lot}
                      maxLength={LIMITS.binLot}
                      readOnly={!canSave}
                      onChange={(e) => setRow(bin, { lot: e.currentTarget.value })}
                      miw={120}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.screen.binAssignment')}
      </Title>
      <Group align="flex-end" mb="md" wrap="wrap">
        <LineSelect
          lines={lines}
          value={lineId}
          onChange={(id) => {
            setParams({ lineId: id });
            discard();
          }}
        />
      </Group>
      {materials.isError ? (
        <Alert color="orange" variant="light" mb="md">
          {t('web.binAssignment.materialsUnavailable')}
        </Alert>
      ) : null}
      {body}
      {canSave ? (
        <Group mt="md">
          <Button onClick={save} disabled={changed.length === 0 || assign.isPending} loading={assign.isPending} data-testid="save-assignment">
            {t('web.binAssignment.save', { count: String(changed.length) })}
          </Button>
          <Button variant="default" onClick={discard} disabled={Object.keys(edits).length === 0 || assign.isPending}>
            {t('web.binAssignment.reset')}
          </Button>
        </Group>
      ) : null}
    </section>
  );
}
