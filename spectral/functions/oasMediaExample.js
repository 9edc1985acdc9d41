// spectral:oas's own example check (the function behind oas3-valid-media-example),
// re-exported so that .spectral.yaml can narrow that rule's `given` to non-XML media
// types while keeping the check itself unchanged.
import { oas } from '@stoplight/spectral-rulesets';

export default oas.rules['oas3-valid-media-example'].then.function;
