/** A 200 answer of the api's envelope. */
export const ok = (data: unknown, message?: string) => ({ body: { success: true, data, message } });
