/**
 * §7 Recipes over the api: one hook per call, keys from one factory; every change invalidates
 * the cached recipe queries (lists, versions, histories, comparisons).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, download, unwrap, type Schema } from '@/lib/api-client';

/** A recipe version as the api answers it. */
export type RecipeRecord = Schema<'RecipeRecord'>;
/** What add and edit take. */
export type RecipeInput = Schema<'RecipeInput'>;
export type ReleaseLevel = Schema<'LevelRecord'>;
export type HeldLevel = Schema<'HeldLevel'>;
export type HistoryEntry = Schema<'HistoryRecord'>;
export type Comparison = Schema<'Comparison'>;
export type ItemChange = Schema<'ItemChange'>;
export type FieldChange = Schema<'FieldChange'>;
export type Problem = Schema<'ProblemRecord'>;
export type RecipeStatus = Schema<'Status'>;
export type SaveAsInput = Schema<'SaveAs'>;
/** A release to a level; the production level takes the releaser's signature. */
export type LevelChange = Schema<'LevelChange'>;

/** `ALL` (or nothing) lists every line's recipes. */
export const ALL_LINES = 'ALL';

export const recipeKeys = {
  all: ['recipes'] as const,
  list: (lineId: string) => ['recipes', 'list', lineId] as const,
  released: (lineId: string) => ['recipes', 'released', lineId] as const,
  levels: ['recipes', 'levels'] as const,
  version: (id: string) => ['recipes', 'version', id] as const,
  latest: (id: string) => ['recipes', 'latest', id] as const,
  versions: (id: string) => ['recipes', 'versions', id] as const,
  history: (id: string) => ['recipes', 'history', id] as const,
  diff: (id: string, level: number) => ['recipes', 'diff', id, level] as const,
  validation: (id: string) => ['recipes', 'validation', id] as const,
};

const lineQuery = (lineId: string) => ({ query: { lineId: lineId === ALL_LINES ? undefined : lineId } });

/** The latest version of every recipe of a line (or of all lines). */
export function useRecipes(lineId: string) {
  return useQuery<RecipeRecord[]>({
    queryKey: recipeKeys.list(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/recipes', { params: lineQuery(lineId), signal })).then((r) => r.data ?? []),
    placeholderData: keepPreviousData,
  });
}

/** Every version that holds a release level now (a recipe's levels may sit on older versions). */
export function useReleasedRecipes(lineId: string) {
  return useQuery<RecipeRecord[]>({
    queryKey: recipeKeys.released(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/releasedrecipes', { params: lineQuery(lineId), signal })).then((r) => r.data ?? []),
    placeholderData: keepPreviousData,
  });
}

/** The installation's release levels in order; the last is production. Names come translated. */
export function useReleaseLevels() {
  return useQuery({
    queryKey: recipeKeys.levels,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/recipes/releaselevels', { signal })).then((r) => r.data ?? []),
    staleTime: 5 * 60_000,
  });
}

/** One version. */
export function useRecipeVersion(id: string | undefined) {
  return useQuery({
    queryKey: recipeKeys.version(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/recipes/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** The newest version of the recipe a version's or group's id names. */
export function useLatestRecipe(id: string | undefined) {
  return useQuery({
    queryKey: recipeKeys.latest(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/latestrecipe/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Every version of a recipe, newest first. */
export function useRecipeVersions(id: string | undefined) {
  return useQuery({
    queryKey: recipeKeys.versions(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/allrecipeversions/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(id),
  });
}

/** The audit entries of a version. */
export function useRecipeHistory(id: string | undefined) {
  return useQuery({
    queryKey: recipeKeys.history(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/recipes/{id}/history', { params: { path: { id: id! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(id),
  });
}

/** The comparison of a version with the version holding `level` now. */
export function useLevelDiff(id: string, level: number | null) {
  return useQuery({
    queryKey: recipeKeys.diff(id, level ?? 0),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/recipes/{id}/diff', { params: { path: { id }, query: { level: level! } }, signal })).then((r) => r.data),
    enabled: level !== null,
    staleTime: 0,
  });
}

/** The problems of all three steps of a version, and whether the whole recipe passes. */
export interface ValidationResult {
  problems: Problem[];
  recipeValid: boolean;
}

/**
 * Runs the three step validations of §7 (weighing, mixing, miscellaneous) on a saved version,
 * or on the editor's unsaved `document` for it (nothing is saved).
 */
export async function validateRecipe(recipeId: string, document?: RecipeInput): Promise<ValidationResult> {
  const body = document ? { recipeId, document } : { recipeId };
  const answers = await Promise.all([
    unwrap(apiClient.POST('/api/recipeweighings/validaterecipe', { body })),
    unwrap(apiClient.POST('/api/recipemixings/validaterecipe', { body })),
    unwrap(apiClient.POST('/api/recipemiscellaneous/validaterecipe', { body })),
  ]);
  return {
    problems: answers.flatMap((a) => a.data?.problems ?? []),
    recipeValid: answers.every((a) => a.data?.recipeValid ?? false),
  };
}

/** The validation of a version, asked afresh each time a dialog opens. */
export function useValidation(recipeId: string, enabled: boolean) {
  return useQuery({
    queryKey: recipeKeys.validation(recipeId),
    queryFn: () => validateRecipe(recipeId),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The version as a PDF (a POST answered with the document), with progress 0–1 or null. */
export function recipePdf(id: string, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download('/api/recipes/generatePdf', onProgress, { method: 'POST', body: { id } });
}

function useRecipeMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: recipeKeys.all }) });
}

/** Adds a recipe (no `id`) or changes an unlocked version. */
export const useSaveRecipe = () =>
  useRecipeMutation(({ id, input }: { id?: string; input: RecipeInput }) =>
    id
      ? unwrap(apiClient.POST('/api/recipes/edit/{id}', { params: { path: { id } }, body: input }))
      : unwrap(apiClient.POST('/api/recipes/add', { body: input })),
  );

/** Copies a version into the next version number, as a draft. */
export const useNewVersion = () =>
  useRecipeMutation((id: string) => unwrap(apiClient.POST('/api/recipes/createnewrecipeverison', { body: { id } })));

export const useReleaseLevel = () =>
  useRecipeMutation((input: LevelChange) => unwrap(apiClient.POST('/api/recipes/releaselevel', { body: input })));

export const useRevertLevel = () =>
  useRecipeMutation((input: { id: string; level: number }) => unwrap(apiClient.POST('/api/recipes/revertlevelrelease', { body: input })));

export const useDeleteRecipe = () =>
  useRecipeMutation((input: { id: string; deletedBy: string }) => unwrap(apiClient.POST('/api/recipes/deleterecipegroup', { body: input })));

export const useSaveAs = () =>
  useRecipeMutation(({ id, body }: { id: string; body: SaveAsInput }) =>
    unwrap(apiClient.PUT('/api/recipes/{id}/saveAs', { params: { path: { id } }, body })),
  );
