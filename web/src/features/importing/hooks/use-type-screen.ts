/**
 * The entity an import or copy screen is for: `:type` of the route, checked against the
 * descriptors (unknown keys and types the action does not support are "unavailable").
 */
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useDescriptors } from '@/features/config/api/config-api';
import type { EntityDescriptor } from '@/features/config/api/config-types';
import { useApiError } from '@/features/config/hooks/use-api-error';
import { allows, findType, type Capability } from '../utils/capabilities';

export type TypeScreen =
  | { state: 'loading'; type: string }
  | { state: 'unavailable'; type: string; types: EntityDescriptor[] }
  | { state: 'ready'; type: string; types: EntityDescriptor[]; descriptor: EntityDescriptor };

export function useTypeScreen(capability: Capability): TypeScreen {
  const type = useParams().type ?? '';
  const descriptors = useDescriptors();
  const showError = useApiError();

  useEffect(() => {
    if (descriptors.isError) showError(descriptors.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [descriptors.isError, descriptors.error]);

  const types = useMemo(() => (descriptors.data ?? []).filter((d) => allows(capability, d)), [descriptors.data, capability]);
  if (descriptors.isPending) return { state: 'loading', type };
  const descriptor = findType(types, type);
  return descriptor ? { state: 'ready', type, types, descriptor } : { state: 'unavailable', type, types };
}
