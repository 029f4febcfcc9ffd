/** The §7 Auth and General calls. Login-type calls answer the envelope and its success flag. */
import { answer, apiClient, unwrap, type Schema } from '@/lib/api-client';

/** What login and super-user login answer (with `token` and `userStatus` when they succeed). */
export type LoginAnswer = Awaited<ReturnType<typeof authApi.login>>;

export const authApi = {
  login: (email: string, password: string) => answer(apiClient.POST('/auth/login', { body: { email, password } })),
  superUserLogin: (email: string, password: string) =>
    answer(apiClient.POST('/auth/superuserlogin', { body: { email, password } })),
  checkSuperLogin: () => answer(apiClient.GET('/auth/checksuperlogin')),
  validateSignup: (token: string) => answer(apiClient.GET('/auth/validatesignup/{token}', { params: { path: { token } } })),
  signup: (body: Schema<'SignupRequest'>) => answer(apiClient.POST('/auth/signup', { body })),
  forgotPassword: (email: string) => answer(apiClient.POST('/auth/forgotpassword', { body: { email } })),
  checkResetToken: (token: string) => answer(apiClient.GET('/auth/resetpassword/{token}', { params: { path: { token } } })),
  resetPassword: (body: Schema<'ResetPasswordRequest'>) => answer(apiClient.POST('/auth/resetpassword', { body })),
  onPremiseReset: (body: Schema<'OnPremiseResetRequest'>) => answer(apiClient.POST('/auth/onpremise/resetpassword', { body })),
  logout: () => answer(apiClient.GET('/auth/logout')),
  site: () => unwrap(apiClient.GET('/api/site')),
  userPrivileges: () => unwrap(apiClient.GET('/api/getuserprivileges')),
};
