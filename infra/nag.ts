// cdk-nag 3 reads acknowledgements from CDK's own Validations metadata (NagSuppressions is gone); an
// acknowledgement on a construct covers everything below it, so each one sits on the narrowest construct that fits.
import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** `id` is a rule (`AwsSolutions-S1`) or one finding of it (`AwsSolutions-IAM5[Resource::*]`). */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** How cdk-nag spells the partition in an ARN: a literal once the stack knows its region, else the pseudo parameter. */
export function renderPartition(scope: IConstruct): string {
  const partition = Stack.of(scope).partition;
  return Token.isUnresolved(partition) ? '<AWS::Partition>' : partition;
}

/** How cdk-nag spells the region in an ARN: a literal when the stack's environment is known, else the pseudo parameter. */
export function renderRegion(scope: IConstruct): string {
  const region = Stack.of(scope).region;
  return Token.isUnresolved(region) ? '<AWS::Region>' : region;
}

/** How cdk-nag spells the account in an ARN, as renderRegion does the region. */
export function renderAccount(scope: IConstruct): string {
  const account = Stack.of(scope).account;
  return Token.isUnresolved(account) ? '<AWS::AccountId>' : account;
}

/** CDK writes managed-policy ARNs with the partition pseudo parameter even when the stack's region is known. */
export const basicExecutionRoleFinding =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
