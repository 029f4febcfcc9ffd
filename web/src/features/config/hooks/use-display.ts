/** The display context of a screen: translated yes/no and options, locale numbers, references by label. */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useRecordsOf } from '../api/config-api';
import type { ConfigRecord, EntityDescriptor } from '../api/config-types';
import { recordLabel, recordTitle, type DisplayContext } from '../utils/display';

/** The catalogue's text of `idOf(value)`, or undefined when it has none. */
function useCatalogueText(idOf: (value: string) => string) {
  const intl = useIntl();
  return (value: string): string | undefined => {
    const id = idOf(value);
    return id in intl.messages ? intl.formatMessage({ id }) : undefined;
  };
}

/** The catalogue's text of `idOf(value)` when it has one, else the value as sent. */
function useCatalogueLabel(idOf: (value: string) => string) {
  const text = useCatalogueText(idOf);
  return (value: string) => text(value) ?? value;
}

/** Translates an option (`web.option.MAJOR`) when the catalogue has it, else shows it as sent. */
export const useOptionLabel = () => useCatalogueLabel((value) => `web.option.${value}`);

/** A field's label: `web.field.{name}`, else the name itself. */
export const useFieldLabel = () => useCatalogueLabel((name) => `web.field.${name}`);

/** A field's help under its input (`web.fieldHelp.{name}`), for the fields that have one. */
export const useFieldHelp = () => useCatalogueText((name) => `web.fieldHelp.${name}`);

export interface References {
  /** Records of each referenced entity on the line. */
  byEntity: Record<string, ConfigRecord[]>;
  pending: boolean;
  /** `code – name` of each record, for selects. */
  options: (entity: string) => Array<{ value: string; label: string }>;
}

/** Loads the records of `entities` on `lineId` (each entity's list, shared with its own screen). */
export function useReferences(all: EntityDescriptor[] | undefined, entities: string[], lineId: string | null): References {
  const names = [...new Set(entities)].sort().join(',');
  const wanted = useMemo(() => (all ?? []).filter((d) => names.split(',').includes(d.key)), [all, names]);
  const { byEntity, pending } = useRecordsOf(wanted, lineId);
  return {
    byEntity,
    pending,
    options: (entity) => {
      const d = wanted.find((x) => x.key === entity);
      return (byEntity[entity] ?? []).map((r) => ({ value: r._id, label: recordLabel(r, d) }));
    },
  };
}

/** `full`: references as `code – name` (the view); otherwise by their title (the list). */
export function useDisplayContext(all: EntityDescriptor[] | undefined, refs: References, full: boolean): DisplayContext {
  const intl = useIntl();
  const option = useOptionLabel();
  return {
    yes: intl.formatMessage({ id: 'web.config.yes' }),
    no: intl.formatMessage({ id: 'web.config.no' }),
    option,
    number: (n) => intl.formatNumber(n, { maximumFractionDigits: 6 }),
    count: (n) => intl.formatMessage({ id: 'web.config.rowCount' }, { count: n }),
    ref: (entity, id) => {
      const record = refs.byEntity[entity]?.find((r) => r._id === id);
      if (!record) return undefined;
      const d = all?.find((x) => x.key === entity);
      return full ? recordLabel(record, d) : recordTitle(record, d);
    },
  };
}
