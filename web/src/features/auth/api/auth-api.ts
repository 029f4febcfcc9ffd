/** The §7 Auth and General calls. Login-type calls answer the envelope and its success flag. */
import { api, type Envelope } from '@/lib/api-client';

export interface LoginAnswer extends Envelope {
  token?: string;
  userStatus?: 'active' | 'inactive';
}

export const authApi = {
  login: (email: string, password: string) => api.login('POST', '/auth/login', { email, password }) as Promise<LoginAnswer>,
  superUserLogin: (email: string, password: string) =>
    api.login('POST', '/auth/superuserlogin', { email, password }) as Promise<LoginAnswer>,
  checkSuperLogin: () => api.login('GET', '/auth/checksuperlogin') as Promise<Envelope & { superUserLogin?: boolean }>,
  validateSignup: (token: string) =>
    api.login('GET', `/auth/validatesignup/${encodeURIComponent(token)}`) as Promise<Envelope & { email?: string }>,
  signup: (body: { username: string; password: string; token: string; email: string }) => api.login('POST', '/auth/signup', body),
  forgotPassword: (email: string) => api.login('POST', '/auth/forgotpassword', { email }),
  checkResetToken: (token: string) => api.login('GET', `/auth/resetpassword/${encodeURIComponent(token)}`),
  resetPassword: (body: { resetPasswordToken: string; password: string; confirmPassword: string }) =>
    api.login('POST', '/auth/resetpassword', body),
  onPremiseReset: (body: { email: string; oldPassword: string; newPassword: string; confirmPassword: string }) =>
    api.login('POST', '/auth/onpremise/resetpassword', body),
  logout: () => api.login('GET', '/auth/logout'),
  site: () => api.get<{ site: { systemType: string } }>('/api/site'),
  userPrivileges: () => api.get<{ role: string; privileges: string[] }>('/api/getuserprivileges'),
};
