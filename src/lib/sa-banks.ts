// The South African banks a store-credit withdrawal can be paid into (issue 56): each with its universal branch code and
// the length of its account numbers. Plain data and one pure check, shared by the withdrawal form's schema and the
// sandbox (sandbox/src/credit.ts), so both refuse the same input with the same words (docs/api-contract.md, "Store credit").

/** A bank a withdrawal can be paid into. */
export interface SaBank {
  name: string;
  /** The universal branch code the form fills in when the bank is chosen. */
  branchCode: string;
  /** Fewest and most digits of an account number at this bank. */
  minDigits: number;
  maxDigits: number;
}

/** The banks, by name. */
export const SA_BANKS: readonly SaBank[] = [
  { name: 'ABSA', branchCode: '632005', minDigits: 9, maxDigits: 11 },
  { name: 'African Bank', branchCode: '430000', minDigits: 11, maxDigits: 11 },
  { name: 'Bidvest Bank', branchCode: '462005', minDigits: 10, maxDigits: 11 },
  { name: 'Capitec', branchCode: '470010', minDigits: 10, maxDigits: 10 },
  { name: 'Discovery Bank', branchCode: '679000', minDigits: 10, maxDigits: 10 },
  { name: 'FNB', branchCode: '250655', minDigits: 10, maxDigits: 11 },
  { name: 'Investec', branchCode: '580105', minDigits: 9, maxDigits: 11 },
  { name: 'Nedbank', branchCode: '198765', minDigits: 10, maxDigits: 11 },
  { name: 'Old Mutual', branchCode: '462005', minDigits: 10, maxDigits: 11 },
  { name: 'Standard Bank', branchCode: '051001', minDigits: 9, maxDigits: 11 },
  { name: 'TymeBank', branchCode: '678910', minDigits: 11, maxDigits: 11 },
];

/** The kinds of account a withdrawal can be paid into. */
export const ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;

/** One of {@link ACCOUNT_TYPES}. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The bank of this name (case and surrounding spaces aside), or undefined when it is not on the list. */
export function findBank(name: string): SaBank | undefined {
  const key = name.trim().toLowerCase();
  return SA_BANKS.find((bank) => bank.name.toLowerCase() === key);
}

/** What is wrong with a bank and account number, per field (the wire's names); empty when both are right. */
export interface BankAccountProblems {
  bank?: string;
  account_number?: string;
}

/**
 * Checks a bank's name against the list and an account number against that bank's length, in the words the service
 * answers with: `bank` "is not a bank we can pay into"; `account_number` "can't be blank", "must be digits only", "must
 * be 10 digits for Capitec" or "must be 10 to 11 digits for FNB". The number's digits are checked whatever the bank.
 */
export function bankAccountProblem(bankName: string, digits: string): BankAccountProblems {
  const problems: BankAccountProblems = {};
  const bank = findBank(bankName);
  if (!bank) problems.bank = 'is not a bank we can pay into';
  if (digits === '') problems.account_number = "can't be blank";
  else if (!/^\d+$/.test(digits)) problems.account_number = 'must be digits only';
  else if (bank && (digits.length < bank.minDigits || digits.length > bank.maxDigits)) {
    const length = bank.minDigits === bank.maxDigits ? `${bank.minDigits}` : `${bank.minDigits} to ${bank.maxDigits}`;
    problems.account_number = `must be ${length} digits for ${bank.name}`;
  }
  return problems;
}
