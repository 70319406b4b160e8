// The password rules (SPEC §5, §9): 8 to 128 characters, and not one of the well-known passwords that
// attackers try first. Length alone lets "password1" through; the list is what stops it.
import {
  commonPasswordMessage,
  passwordMaxLength,
  passwordMinLength,
  registrationMessages,
} from '../../contracts/auth';
import { decodeCommonPasswords } from './common-passwords';

let commonSet: ReadonlySet<string> | undefined;

/** True when the password is on the shipped list, in any letter case. */
export function isCommonPassword(password: string): boolean {
  commonSet ??= new Set(decodeCommonPasswords());
  return commonSet.has(password.toLowerCase());
}

/** Why a new password is refused, as a sentence for people; null when it is acceptable. */
export function findPasswordProblem(password: string): string | null {
  if (password.length === 0) return registrationMessages.passwordRequired;
  if (password.length < passwordMinLength) return registrationMessages.passwordTooShort;
  if (password.length > passwordMaxLength) return registrationMessages.passwordTooLong;
  if (isCommonPassword(password)) return commonPasswordMessage;
  return null;
}
