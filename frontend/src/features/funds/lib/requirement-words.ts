// Stripe's requirement names (`requirements.currently_due`) as words a person understands; one Stripe has not told us
// about is shown by its name, so nothing it asks for is hidden.
const requirementWords: Readonly<Record<string, string>> = {
  external_account: 'a bank account to pay you into',
  'business_profile.url': 'a website or a page about your work',
  'business_profile.mcc': 'what kind of business you are',
  'individual.first_name': 'your first name',
  'individual.last_name': 'your last name',
  'individual.dob.day': 'your date of birth',
  'individual.dob.month': 'your date of birth',
  'individual.dob.year': 'your date of birth',
  'individual.address.line1': 'your address',
  'individual.address.city': 'your address',
  'individual.address.postal_code': 'your address',
  'individual.address.state': 'your address',
  'individual.email': 'your e-mail address',
  'individual.phone': 'your phone number',
  'individual.ssn_last_4': 'the last 4 digits of your social security number',
  'individual.id_number': 'your tax id number',
  'individual.verification.document': 'a photo of an identity document',
  'tos_acceptance.date': "your agreement to Stripe's terms",
  'tos_acceptance.ip': "your agreement to Stripe's terms",
  business_type: 'whether you are an individual or a company',
};

/** What Stripe still needs, in words, each named once. */
export function describeRequirements(currentlyDue: readonly string[]): string[] {
  const words = currentlyDue.map((name) => requirementWords[name] ?? name.replaceAll(/[._]/g, ' '));
  return [...new Set(words)];
}
