/** The phone number as login and signup ask for it (the account's login, spec §5). */
export const phoneNumberInput = {
  label: 'Phone Number',
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  placeholder: '0801 234 5678',
} as const;
