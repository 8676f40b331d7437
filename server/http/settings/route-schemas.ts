import {
  onboardingUpdatedSchema,
  onboardingUpdateSchema,
  preferencesUpdatedSchema,
  preferencesUpdateSchema,
  settingsResponseSchema,
} from '../../../contract/settings';
import { teacherOnly } from '../../platform/api-docs';

const tags = ['Settings'];
const security = teacherOnly;

export const settingsSchemas = {
  read: {
    tags,
    security,
    summary: 'The teacher’s preferences and onboarding state',
    response: { 200: settingsResponseSchema },
  },
  update: {
    tags,
    security,
    summary: 'Change some preferences (the fields sent; unknown fields are refused)',
    body: preferencesUpdateSchema,
    response: { 200: preferencesUpdatedSchema },
  },
  onboarding: {
    tags,
    security,
    summary: 'Record onboarding progress (the fields sent)',
    body: onboardingUpdateSchema,
    response: { 200: onboardingUpdatedSchema },
  },
};
