/** The part of @centrapay/swift-parser 1.0.1 (CommonJS, untyped) that mt940.ts uses. */
declare module '@centrapay/swift-parser' {
  interface SwiftDecimal {
    toFixed(): string;
  }
  interface SwiftTransaction {
    date: Date;
    entryDate: Date | '';
    amount: SwiftDecimal;
    isReversal: boolean;
    currency: string;
    details: string;
    transactionType: string;
    reference: string;
    bankReference: string;
    extraDetails: string;
    fundsCode: string;
  }
  interface SwiftStatement {
    transactionReference: string;
    accountIdentification: string;
    number?: { statement: string; sequence: string; section: string };
    currency: string;
    openingBalance?: SwiftDecimal;
    closingBalance?: SwiftDecimal;
    openingBalanceDate?: Date;
    closingBalanceDate?: Date;
    transactions: SwiftTransaction[];
  }
  const parser: {
    parse(options: { type: 'mt940' | 'mt942'; data: string; validate?: boolean }): SwiftStatement[];
  };
  export default parser;
}
