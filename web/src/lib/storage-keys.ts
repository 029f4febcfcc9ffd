/** The local-storage keys of spec §3, spelled exactly as the spec has them. */
export const STORAGE = {
  token: 'id_token',
  systemType: 'systemType',
  role: 'role',
  privileges: 'privileges',
  locale: 'locale',
  fromDateTime: 'fromDateTime',
  toDateTime: 'toDateTime',
  isStateAvailable: 'isStateAvilable',
  stateValue: 'stateValue',
  lines: 'lines',
  /** Not in the spec: the dark-theme switch (Mantine's colour-scheme manager). */
  colorScheme: 'colorScheme',
} as const;
