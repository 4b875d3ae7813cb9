/**
 * English irregular verb forms and their base form ("struck" → "strike",
 * "written" → "write", "sold" → "sell"): the stemmer cuts endings and
 * cannot see that these are one word. Forms that are also common words of
 * another meaning ("left", "found" as in "founded", "lay", "saw", "wound")
 * are not listed. Comparatives and superlatives of common adjectives are
 * listed too ("bigger", "largest" → "big", "large"): the stemmer keeps them.
 */
const TABLE = `
arose,arisen:arise ate,eaten:eat began,begun:begin bent:bend bit,bitten:bite blew,blown:blow bore,borne:bear
broke,broken:break brought:bring built:build bought:buy caught:catch chose,chosen:choose came:come
dealt:deal did,done:do drew,drawn:draw drove,driven:drive dug:dig fed:feed felt:feel fell,fallen:fall fled:flee
flew,flown:fly forgot,forgotten:forget froze,frozen:freeze gave,given:give went,gone:go got,gotten:get grew,grown:grow
had:have heard:hear held:hold hid,hidden:hide hung:hang kept:keep knew,known:know laid:lay led:lead lent:lend lost:lose
made:make meant:mean met:meet paid:pay ran:run rang,rung:ring rode,ridden:ride rose,risen:rise said:say sought:seek
sold:sell sent:send shook,shaken:shake shone:shine shot:shoot shown:show shrank,shrunk:shrink sang,sung:sing
sank,sunk:sink slept:sleep slid:slide spoke,spoken:speak spent:spend spun:spin stood:stand stole,stolen:steal
stuck:stick struck,stricken:strike swept:sweep swore,sworn:swear swam,swum:swim taught:teach took,taken:take
tore,torn:tear told:tell thought:think threw,thrown:throw understood:understand woke,woken:wake wore,worn:wear
won:win wrote,written:write withdrew,withdrawn:withdraw
bigger,biggest:big larger,largest:large smaller,smallest:small higher,highest:high greater,greatest:great
longer,longest:long shorter,shortest:short wider,widest:wide
`;

const BASE = new Map<string, string>();
for (const entry of TABLE.trim().split(/\s+/)) {
  const [forms, base] = entry.split(':');
  for (const f of forms.split(',')) BASE.set(f, base);
}

/** The base form of an English irregular verb form, or the word itself. */
export function englishBaseForm(word: string): string {
  return BASE.get(word) ?? word;
}
