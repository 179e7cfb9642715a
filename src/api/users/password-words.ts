// The password rules' words and numbers, without zod: "Minha conta" shows the hint with the page
// and loads the schema (./model.ts) with the form's first use (issue 38 §7).

export const MIN_PASSWORD = 10;
export const PASSWORD_TOO_SHORT = `A senha deve ter pelo menos ${MIN_PASSWORD} caracteres`;
export const PASSWORD_IS_EMAIL = "A senha não pode ser o seu e-mail";
/** zxcvbn-ts's score (0–4) a password must reach (DECISIONS §10); below it the estimator's advice follows this. */
export const MIN_SCORE = 3;
export const PASSWORD_WEAK = "Senha fácil de adivinhar.";
/** The fields' hint, on every screen that takes a new password. */
export const PASSWORD_HINT = `Pelo menos ${MIN_PASSWORD} caracteres, difícil de adivinhar (uma frase de palavras pouco comuns serve); nem o e-mail.`;
