/** The `VITE_*` build variables the app reads (Vite's own typing leaves them `any`). */
interface ImportMetaEnv {
  /** Base address of the api; unset means the same origin. */
  readonly VITE_API_BASE?: string;
}
