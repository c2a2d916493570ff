// Validation-schema builders for the identity screens and My Page, shared by the browser
// (react-hook-form) and the server. Every issue message is a ValidationMessageKey; see messages.ts.
export * from './account-edit.ts';
export * from './birthday.ts';
export * from './consent.ts';
export * from './custom-info.ts';
export * from './email.ts';
export * from './email-edit.ts';
export * from './issues.ts';
export * from './login.ts';
export * from './messages.ts';
export * from './normalize.ts';
export * from './password.ts';
export * from './password-setting.ts';
export * from './pin-code.ts';
export * from './policy-consent.ts';
export * from './profile-fields.ts';
export * from './profile-image.ts';
export * from './send-pin-code.ts';
export * from './signup-form.ts';
export * from './survey-answers.ts';
export * from './user-id.ts';
export * from './user-id-edit.ts';
export * from './withdraw.ts';
