/**
 * Function words per language (ISO 639-1), lower case with diacritics.
 * Used two ways: as evidence for language detection, and to drop words that
 * carry no topic from queries. Kept short on purpose: only words that are
 * frequent in any text of the language (articles, pronouns, prepositions,
 * auxiliaries, question words), never topic words.
 */
const RAW: Record<string, string> = {
  en: `the a an and or but of to in on at by for with from about into over after before under between
    is are was were be been being am do does did done have has had having will would shall should can could may might must
    i me my we our you your he him his she her it its they them their this that these those there here
    what which who whom whose when where why how not no nor as if than then so too very just also only
    all any both each some such more most other own same again further once up down out off`,
  fr: `le la les l un une des du de d au aux et ou mais donc or ni car à a en dans par pour sur sous avec sans chez entre vers
    est sont était étaient être été avoir ai as avons avez ont avait eu fait faire peut peuvent
    je j me m moi tu te t toi il elle on nous vous ils elles se s lui leur leurs eux
    ce c cet cette ces ceci cela ça mon ma mes ton ta tes son sa ses notre nos votre vos
    qui que qu quoi dont où quand comment pourquoi combien quel quelle quels quelles lequel laquelle
    ne n pas plus moins très aussi bien si comme tout tous toute toutes même y`,
  es: `el la los las lo un una unos unas y e o u pero ni que de del a al en con por para sin sobre entre hasta desde hacia según
    es son era eran fue fueron ser sido estar está están estaba ha han había hay haber tiene tienen puede pueden
    yo me mi mis tú te ti tu tus él ella ello nosotros nosotras vosotros ellos ellas se le les su sus nuestro nuestra
    este esta estos estas ese esa esos esas aquel aquella esto eso
    qué quién quiénes cuál cuáles cuándo dónde cómo cuánto cuántos cuánta cuántas por qué porque
    no sí muy más menos también ya como cuando donde si`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber doch sondern denn
    in im an am auf aus bei mit nach von vom zu zum zur für über unter vor hinter neben zwischen durch gegen ohne um bis seit
    ist sind war waren sein gewesen wird werden wurde wurden worden hat haben hatte hatten kann können konnte muss müssen soll sollte
    ich mich mir du dich dir er ihn ihm sie es wir uns ihr euch ihre ihren ihrem ihrer sein seine seinen seinem seiner mein meine
    dieser diese dieses diesen diesem welche welcher welches wer wen wem wessen was wann wo wie warum wieso weshalb woher wohin
    nicht kein keine keinen auch noch nur schon sehr so als wenn dass ob man sich
    welchem welchen gibt gab oft wieviel viele wogegen womit wofür worauf wodurch woraus wovon worüber wozu`,
  it: `il lo la i gli le l un uno una un' e ed o ma né che di del dello della dei degli delle a al allo alla ai agli alle
    da dal dallo dalla dai dagli dalle in nel nello nella nei negli nelle con col su sul sullo sulla sui sugli sulle per tra fra
    è sono era erano essere stato stata stati ha hanno aveva avere può possono fa
    io mi me tu ti te lui lei noi ci vi voi loro si suo sua suoi sue mio mia nostro vostro
    questo questa questi queste quello quella quelli quelle
    chi cosa come dove quando perché quale quali quanto quanti quanta quante
    non più meno molto anche già se come`,
  pt: `o a os as um uma uns umas e ou mas nem que de do da dos das em no na nos nas ao aos à às com por pelo pela pelos pelas para sem sobre entre até desde
    é são era eram foi foram ser sido estar está estão estava há tem têm tinha ter pode podem
    eu me mim tu te ti ele ela nós vós eles elas se lhe lhes seu sua seus suas meu minha nosso nossa
    este esta estes estas esse essa esses essas aquele aquela isto isso aquilo
    quem qual quais quando onde como quanto quantos quanta quantas porque porquê
    não sim muito mais menos também já se`,
  nl: `de het een en of maar want dus van in op aan bij met naar voor door over uit tot om onder tegen zonder tussen
    is zijn was waren ben bent wordt worden werd werden heeft hebben had hadden kan kunnen moet moeten zal zullen
    ik mij me jij je u hij hem zij ze wij we jullie hun haar ons onze mijn jouw uw zijn
    dit dat deze die wie wat welk welke wanneer waar waarom hoe hoeveel
    niet geen ook nog al wel zeer heel als dan er hier daar`,
  pl: `i oraz a ale lub albo czy że w we z ze na do od po o u za przez przy pod nad przed bez dla między jak
    jest są był była było były być będzie może mogą ma mają miał
    ja mnie mi ty ciebie cię on ona ono my nas wy was oni one go jego jej ich mu się sobie
    ten ta to te tego tej tym tych który która które którego
    co kto gdzie kiedy dlaczego jaki jaka jakie ile
    nie tak bardzo też także już jeszcze tylko`,
  sv: `och eller men att som en ett den det de dem i på av för med till från om under över efter före mellan utan hos vid genom
    är var vara varit blir blev har hade ha kan kunde ska skulle måste
    jag mig du dig han honom hon henne vi oss ni er sig sin sitt sina hans hennes deras min mitt mina
    denna detta dessa vad vem vilken vilket vilka när var hur varför
    inte ingen inget också bara så mycket här där`,
  no: `og eller men at som en et ei den det de dem i på av for med til fra om under over etter før mellom uten hos ved gjennom
    er var være vært blir ble har hadde ha kan kunne skal skulle må
    jeg meg du deg han ham hun henne vi oss dere seg sin sitt sine hans hennes deres min mitt mine
    denne dette disse hva hvem hvilken hvilket hvilke når hvor hvordan hvorfor
    ikke ingen noe også bare så mye her der`,
  da: `og eller men at som en et den det de dem i på af for med til fra om under over efter før mellem uden hos ved gennem
    er var være været bliver blev har havde have kan kunne skal skulle må
    jeg mig du dig han ham hun hende vi os I jer sig sin sit sine hans hendes deres min mit mine
    denne dette disse hvad hvem hvilken hvilket hvilke hvornår hvor hvordan hvorfor
    ikke ingen noget også bare så meget her der`,
  fi: `ja tai mutta että kun jos kuin on ovat oli olivat olla ole ei en et emme ette eivät
    minä sinä hän me te he se ne tämä tuo nämä nuo mikä kuka mitä missä milloin miksi miten kuinka
    myös vain jo vielä hyvin niin sekä`,
  tr: `ve veya ama fakat ile bir bu şu o da de ki mi mı mu mü için gibi kadar daha en çok
    ben sen biz siz onlar ne nasıl neden niçin nerede ne zaman hangi kim değil var yok olan olarak`,
  ro: `și sau dar că de din la în pe cu pentru prin despre fără un o unui unei este sunt era fost a au avea
    eu tu el ea noi voi ei ele se îi lui ce cine care când unde cum de ce cât nu mai foarte`,
  cs: `a i nebo ale že v ve na do od z ze s se k ke o u za pro při pod nad před bez jak je jsou byl byla bylo být
    já ty on ona ono my vy oni to ten ta co kdo kde kdy proč jaký jaká které který není ne také už jen`,
  id: `dan atau tetapi yang di ke dari pada untuk dengan dalam oleh sebagai adalah ini itu ada tidak juga
    saya aku kamu anda dia kami kita mereka apa siapa mana kapan bagaimana mengapa berapa akan sudah belum`,
  ru: `и а но или да не ни в во на с со к ко по о об от до из за для при без под над про через между у же ли бы
    это этот эта эти тот та то те что чем кто как где когда почему зачем какой какая какое какие сколько чей
    я меня мне мной ты тебя тебе он его ему им она её ее ей мы нас нам вы вас вам они их ими себя свой своя свои
    был была было были быть есть будет может также уже только очень так
    каком какого каких которое который которая которые которых`,
  uk: `і й та а але або чи не ні в у на з із зі до від по про за для при без під над через між же б би
    це цей ця ці той та те що хто як де коли чому навіщо який яка яке які скільки
    я мене мені ти тебе він його йому вона її їй ми нас нам ви вас вам вони їх їм себе свій своя свої
    був була було були бути є буде може також вже тільки дуже так`,
  he: `של את על אל עם אם כי גם או אבל לא אין יש זה זו זאת אלה אלו הוא היא הם הן אני אתה את אנחנו אתם
    מה מי מתי איפה היכן איך כיצד למה מדוע כמה איזה איזו אילו האם
    היה היתה הייתה היו יהיה כל עוד רק כבר מאוד כמו לפני אחרי בין תחת אשר ש`,
  ar: `في من إلى على عن مع و أو ثم لكن لا لم لن ما ماذا من متى أين كيف لماذا كم هل أي هذا هذه ذلك تلك هؤلاء
    هو هي هم هن أنا أنت نحن أنتم الذي التي الذين كان كانت يكون قد كل بعض عند بين بعد قبل حتى إن أن إذا`,
  el: `ο η το οι τα του της των τον την και ή αλλά σε στο στη στην στον στα από με για ως προς
    είναι ήταν θα να δεν μη τι ποιος ποια ποιο πού πότε πώς γιατί πόσο αυτό αυτή αυτός`,
  zh: `的 了 是 在 和 与 及 或 也 都 就 而 吗 呢 吧 什么 怎么 怎样 如何 为什么 哪 哪里 谁 几 多少 这 那 这个 那个 我 你 他 她 它 我们 你们 他们 一个 有 没有 不`,
  ja: `の に は を が で と も や へ から まで より な だ です ます た て し する いる ある こと もの これ それ あれ どの どこ いつ なぜ どう 何 か`,
  ko: `이 가 은 는 을 를 의 에 에서 와 과 도 로 으로 하고 그리고 그 이것 저것 무엇 어디 언제 왜 어떻게 누구 몇 있다 없다 하다`,
};

const cache = new Map<string, Set<string>>();

/** The function-word set of a language, empty when none is known. */
export function stopwordsFor(lang: string): Set<string> {
  let set = cache.get(lang);
  if (!set) {
    set = new Set((RAW[lang] ?? '').split(/\s+/).filter(Boolean).map((w) => w.toLowerCase()));
    cache.set(lang, set);
  }
  return set;
}

/** Languages that have a function-word list. */
export const STOPWORD_LANGUAGES: readonly string[] = Object.keys(RAW);
