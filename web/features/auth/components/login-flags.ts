export interface LoginBanner {
  tone: 'success' | 'error';
  text: string;
}

/** The banner for the flags the e-mail verification link appends to /login. */
export function bannerFromSearch(search: string): LoginBanner | null {
  const params = new URLSearchParams(search);
  if (params.get('verified') === 'true') {
    return { tone: 'success', text: 'Email address verified successfully! You can now log in.' };
  }
  if (params.get('expired') === 'true') {
    return { tone: 'error', text: 'Verification link has expired. Please request a new one.' };
  }
  if (params.get('invalid') === 'true') {
    return { tone: 'error', text: 'Invalid verification link. Please request a new one.' };
  }
  const error = params.get('error');
  if (error === 'verification_failed') {
    return {
      tone: 'error',
      text: 'Failed to verify your email. Please try again or contact support.',
    };
  }
  if (error === 'internal_server_error') {
    return { tone: 'error', text: 'An internal error occurred. Please try again later.' };
  }
  if (error !== null) {
    return { tone: 'error', text: 'An error occurred during email verification.' };
  }
  return null;
}
