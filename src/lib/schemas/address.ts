import * as yup from 'yup';
import { required } from './rules';

/** The add-address form's values (SPEC section 3 new-address field names). */
export interface NewAddressValues {
  newAddressName: string;
  newAddressStreet: string;
  newAddressTownCity: string;
  newAddressProvince: string;
  newAddressPostalCode: string;
}

/** Address at checkout: all five fields required ('Required'). */
export const newAddressSchema = yup.object({
  newAddressName: required,
  newAddressStreet: required,
  newAddressTownCity: required,
  newAddressProvince: required,
  newAddressPostalCode: required,
});

/** Empty add-address values. */
export const emptyNewAddress: NewAddressValues = {
  newAddressName: '',
  newAddressStreet: '',
  newAddressTownCity: '',
  newAddressProvince: '',
  newAddressPostalCode: '',
};
