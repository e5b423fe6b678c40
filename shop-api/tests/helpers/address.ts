/** The French postal address the shop-API tests give their shoppers (one place, not one per file). */
export const LEA_ADDRESS = {
  firstName: 'Léa',
  lastName: 'Martin',
  street: '12 rue des Forges',
  city: 'Douai',
  postcode: '59500',
  countryCode: 'FR',
};
