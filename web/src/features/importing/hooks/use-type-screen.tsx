/**
 * The entity an import or copy screen is for: `:type` of the route, checked against the
 * descriptors (unknown keys and types the action does not support are "unavailable").
 */
import { useMemo, type ReactElement } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useDescriptors } from '@/features/config/api/config-api';
import type { EntityDescriptor } from '@/features/config/api/config-types';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { UnavailableType } from '../components/unavailable-type';
import { allows, findType, type Capability } from '../utils/capabilities';

/** The route of each screen, `/{base}/:type`. */
const BASE: Record<Capability, string> = { import: '/import', copy: '/copyparameter' };

export type TypeScreen =
  | { ready: true; descriptor: EntityDescriptor; types: EntityDescriptor[]; choose: (key: string) => void }
  | { ready: false; fallback: ReactElement };

export function useTypeScreen(capability: Capability): TypeScreen {
  const type = useParams().type ?? '';
  const navigate = useNavigate();
  const { search } = useLocation();
  const descriptors = useDescriptors();
  useQueryErrorNotice(descriptors);

  const types = useMemo(() => (descriptors.data ?? []).filter((d) => allows(capability, d)), [descriptors.data, capability]);
  // The lines in the query string stay when another type is chosen.
  const choose = (key: string) => void navigate({ pathname: `${BASE[capability]}/${key}`, search });
  if (descriptors.isPending) return { ready: false, fallback: <Spinner fill /> };
  const descriptor = findType(types, type);
  if (!descriptor) return { ready: false, fallback: <UnavailableType capability={capability} type={type} types={types} onChoose={choose} /> };
  return { ready: true, descriptor, types, choose };
}
