import {
  loginRequestSchema,
  logoutResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  userSchema,
  verifyEmailQuerySchema,
} from '../../../contract/auth';
import { authDebugResponseSchema } from '../../../contract/auth-debug';
import { redirectResponse, teacherOnly } from '../../platform/api-docs';

const tags = ['Teacher account'];

export const authSchemas = {
  register: {
    tags,
    summary: 'Create a teacher account',
    description: 'The account can sign in once its e-mail address is verified.',
    body: registerRequestSchema,
    response: { 200: registerResponseSchema },
  },
  login: {
    tags,
    summary: 'Sign in as a teacher',
    description: 'Sets the session cookie; throttled per address and per account.',
    body: loginRequestSchema,
    response: { 200: userSchema },
  },
  user: {
    tags,
    summary: 'The signed-in teacher',
    security: teacherOnly,
    response: { 200: userSchema },
  },
  debug: {
    tags,
    summary: 'The caller’s own sessions (state only, never the secret)',
    description: 'Not found without a live teacher or administrator session.',
    response: { 200: authDebugResponseSchema },
  },
  logout: {
    tags,
    summary: 'Sign out (ends the session)',
    response: { 200: logoutResponseSchema },
  },
  logoutLink: {
    tags,
    summary: 'Sign out from a link, then go to the sign-in page',
    description: 'A cross-site navigation is redirected without ending the session.',
    response: { 303: redirectResponse('Redirects to `/login`') },
  },
  verifyEmail: {
    tags,
    summary: 'Verify an e-mail address from the link in the e-mail',
    querystring: verifyEmailQuerySchema,
    response: {
      303: redirectResponse(
        'Redirects to `/login?verified=true`, `?expired=true`, `?invalid=true` or `?error=…`',
      ),
    },
  },
};
