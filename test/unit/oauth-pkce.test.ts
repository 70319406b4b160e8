import { describe, expect, it } from 'vitest';
import {
  createCodeVerifier,
  deriveCodeChallenge,
  isValidCodeVerifier,
} from '../../functions/integrations/oauth/pkce';

describe('PKCE (RFC 7636, S256)', () => {
  it('derives the challenge of RFC 7636 appendix B from its verifier', () => {
    // Prepare: the appendix's example verifier
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    // Act
    const challenge = deriveCodeChallenge(verifier);
    // Assess
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 unreserved characters, a new one each time', () => {
    // Act
    const verifiers = Array.from({ length: 20 }, () => createCodeVerifier());
    // Assess
    for (const verifier of verifiers) expect(isValidCodeVerifier(verifier)).toBe(true);
    expect(verifiers[0]).toHaveLength(43);
    expect(new Set(verifiers).size).toBe(verifiers.length);
  });

  it('refuses verifiers that are too short, too long or use other characters', () => {
    expect(isValidCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}+`)).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(128))).toBe(true);
  });
});
