/** Messages of the account area (SPEC section 8), each written once; kept apart from the schemas so screens without a form do not load yup. */
export const accountMessages = {
  detailsUpdated: 'Details Updated',
  addressAdded: 'Address Added',
  refundCreated: 'Refund Created',
  redirecting: 'Redirecting to PayFast',
  cardAdded: 'New card added',
  cardCancelled: 'Card creation cancelled',
  cardFailed: 'Failed to create card',
  paymentFailed: 'Failed to initiate payment with PayFast',
  paymentSuccess: 'Your Payment was a Success!',
  pickedUp: 'Order marked as picked up',
  pickUpFailed: 'Order failed to be marked as picked up',
  noOrders: "You've not placed any orders yet",
  noPendingReturns: 'No Pending Returns',
  noReturnHistory: 'No Returns History',
  noAddress: 'Address not specified yet',
  orderPlaced: 'Order is placed',
} as const;
