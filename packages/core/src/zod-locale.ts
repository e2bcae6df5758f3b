/** Spanish default messages for every zod schema that does not give its own. */
import { z } from 'zod';

z.config(z.locales.es());
