import type { AreaModule } from '../../app/area-module.ts';
import { LoginPage } from './login-page.tsx';
import { PasswordPage } from './password-page.tsx';
import { RegisterGuidePage } from './register-guide-page.tsx';
import { RegisterPage } from './register-page.tsx';

// The auth area (issue 4): one chunk, the four screens share their form code. Its state is the shell's session
// and SMS actors, so it has no actor of its own.
export const area: AreaModule = {
  pages: {
    '/user/login': LoginPage,
    '/user/register': RegisterPage,
    '/user/password': PasswordPage,
    '/registerGuide': RegisterGuidePage,
  },
};
