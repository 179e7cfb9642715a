/**
 * What makes a user's e-mail: "something@something", no spaces. One rule for every way a user is
 * created (first start, ADMIN_EMAIL, `cofre user add`) and for signing in, so the product never
 * creates an account its own login refuses (`admin@localhost` has no dot in its domain).
 * Clients' and partners' e-mails keep their stricter rule (src/api/fields.ts).
 */
export const USER_EMAIL = /^[^\s@]+@[^\s@]+$/;

export const isUserEmail = (email: string): boolean => USER_EMAIL.test(email);
