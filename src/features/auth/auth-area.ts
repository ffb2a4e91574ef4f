// The auth area's one lazy chunk: the four screens load together.
export { LoginPage } from './login-page.tsx';
export { PasswordPage } from './password-page.tsx';
export { RegisterGuidePage } from './register-guide-page.tsx';
export { RegisterPage } from './register-page.tsx';
