/** The shift log's addresses (§2). */
export const shiftLogPaths = {
  list: '/shiftlog',
  entry: (id: string) => `/shiftlog/${encodeURIComponent(id)}`,
};
