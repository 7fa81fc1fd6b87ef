/*
 * The local identity provider's demo accounts: one teacher and a class of
 * thirty students, all with the same password, so anyone trying StudyForge's
 * sign-in (and every test) signs in without setting anything up.
 */

export const DEV_PASSWORD = 'studyforge';
export const DEV_CLIENT_ID = 'studyforge-dev';
export const DEV_CLIENT_SECRET = 'studyforge-dev-secret-change-me';

export interface DevAccount {
  /** The subject the provider names the person by: stable, never their address. */
  sub: string;
  email: string;
  name: string;
  roles: string[];
}

const students: DevAccount[] = Array.from({ length: 30 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return { sub: `student${number}`, email: `student${number}@studyforge.test`, name: `Student ${number}`, roles: [] };
});

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { sub: 'teacher', email: 'teacher@studyforge.test', name: 'Demo Teacher', roles: ['teacher'] },
  ...students,
];

export function devAccountByEmail(email: string): DevAccount | undefined {
  const wanted = email.trim().toLowerCase();
  return DEV_ACCOUNTS.find((account) => account.email === wanted);
}

export function devAccountBySub(sub: string): DevAccount | undefined {
  return DEV_ACCOUNTS.find((account) => account.sub === sub);
}
