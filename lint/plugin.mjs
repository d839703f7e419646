// @ts-check
/** The project's own lint rules, loaded by eslint.config.mjs as the `local` plugin. */
import { fileNamesRule } from './fileNames.mjs'
import { layersRule } from './layers.mjs'

export default { rules: { layers: layersRule, 'file-names': fileNamesRule } }
