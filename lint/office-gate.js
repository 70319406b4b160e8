// One gate for office rights (SPEC §6): functions/services/offices/office-gate.ts reads an office with its members
// for a caller and checks the right the route's contract names. `one-office-gate` refuses, anywhere else in
// functions/ and events/, the two steps a hand-written copy of that gate is made of: reading an office with its
// members (`getOfficeWithMembers`) and checking a right on a member list (`requireOfficeRight`). data/ defines the
// read and domain/ the rights, so both are left alone. The few reads of an office that serve no caller's office
// right are listed below, each with its reason; a new one belongs here only with a reason of the same kind.
import path from 'node:path';

/** The gate itself: the one module that reads an office for a caller and checks the right. */
export const officeGateModule = 'functions/services/offices/office-gate.ts';

/**
 * Reads of an office with its members that decide no caller's office right: a whole folder or file, or one function
 * of a file (the function whose body holds the read).
 */
export const officeReadsWithoutRight = [
  { path: 'functions/services/admin', reason: 'staff read offices: they hold no role in one' },
  {
    path: 'functions/services/claims/staff-claims.ts',
    reason: 'staff read the office of a claim they decide',
  },
  {
    path: 'functions/services/claims/claims.ts',
    function: 'readVisibleClaim',
    reason: "a claim's office: domain/claims/claim-rights.ts decides who sees the claim",
  },
  {
    path: 'functions/services/claims/verification.ts',
    function: 'readClaimForAdmin',
    reason: "a claim's office: domain/claims/claim-rights.ts decides who verifies the claim",
  },
  {
    path: 'functions/services/offices/member-artists.ts',
    function: 'canSeeOfficeArtist',
    reason: "which artists a person sees: domain/claims/claim-rights.ts's answer, not a route's right",
  },
  {
    path: 'functions/services/offices/invitations.ts',
    function: 'findInvitationByToken',
    reason: "an invitation's office, read for the link's holder before they are a member (`invitee`)",
  },
  {
    path: 'functions/services/connect/payout-steps.ts',
    function: 'mailPayoutFailed',
    reason: "a failed payout's office, to mail its readers of money: there is no caller",
  },
];

const extensions = /\.(ts|tsx|js|mjs|cjs|jsx)$/;

function toRepositoryPath(root, file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function isInside(repositoryPath, folderOrFile) {
  const entry = folderOrFile.replace(extensions, '');
  const file = repositoryPath.replace(extensions, '');
  return file === entry || file.startsWith(`${entry}/`);
}

/** The name of the function declaration, function expression or arrow function bound to a name that holds `node`. */
function enclosingFunctionNames(ancestors) {
  const names = [];
  for (const ancestor of ancestors) {
    if (ancestor.type === 'FunctionDeclaration' && ancestor.id) names.push(ancestor.id.name);
    if (ancestor.type === 'VariableDeclarator' && ancestor.id.type === 'Identifier')
      names.push(ancestor.id.name);
    if (ancestor.type === 'MethodDefinition' && ancestor.key.type === 'Identifier')
      names.push(ancestor.key.name);
  }
  return names;
}

const refused = new Map([
  ['getOfficeWithMembers', 'read'],
  ['requireOfficeRight', 'right'],
]);

/** @type {import('eslint').Rule.RuleModule} */
const oneOfficeGate = {
  meta: {
    type: 'problem',
    docs: {
      description: "An office's members are read for a caller, and rights checked, in the office gate only.",
    },
    schema: [],
    messages: {
      read: "Read an office for a caller through requireOffice (services/offices/office-gate.ts), not getOfficeWithMembers: it answers 404 and 403 as every office route does. A read that decides no caller's right is listed, with its reason, in lint/office-gate.js.",
      right:
        'Check an office right through requireOffice or requireFurtherRight (services/offices/office-gate.ts), not requireOfficeRight.',
    },
  },
  create(context) {
    const file = toRepositoryPath(context.cwd, context.filename);
    if (isInside(file, officeGateModule)) return {};
    const allowances = officeReadsWithoutRight.filter((entry) => isInside(file, entry.path));
    return {
      Identifier(node) {
        const messageId = refused.get(node.name);
        if (!messageId) return;
        // The name in an import or re-export is not yet a use; its uses are judged where they are.
        const parent = node.parent;
        if (parent.type === 'ImportSpecifier' || parent.type === 'ExportSpecifier') return;
        if (parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportNamespaceSpecifier') return;
        if (messageId === 'read') {
          const names = enclosingFunctionNames(context.sourceCode.getAncestors(node));
          const allowed = allowances.some(
            (entry) => entry.function === undefined || names.includes(entry.function),
          );
          if (allowed) return;
        }
        context.report({ node, messageId });
      },
    };
  },
};

export const officeGatePlugin = {
  meta: { name: 'openpie-offices' },
  rules: { 'one-office-gate': oneOfficeGate },
};
