// Words that, as film titles, would be found all over ordinary prose ("crash the party",
// "to up their mojo"). A title made of them needs evidence on the page before it matches.
// Deliberately small: frequent English words plus the everyday words that are famous titles.

const FREQUENT = `
a about above across act action after again against age ago air alive all almost alone along
already also always am among an and animal another answer any anything are area arm army
around arrival art as ask at away baby back bad ball bank be bear beat beautiful because bed
been before began begin behind being believe below best better between big bird black blood
blue boat body book born both box boy boys brave bread break bridge bright bring brother brown
build burn burning business but buy by call came can car care carry cars case cat catch cause
center chance change child children choice city class clean clear close cold color come coming
common company control cook cool could country course cover crash cross cry cure cut dance dark
daughter day days dead deal dear death deep did die different dinner do doctor does dog done
door down draw dream dreams dress drink drive driver drop dry during each early earth east easy
eat edge eight end enough even evening ever every everything eye eyes face fact fall family far
farm fast father fear feel feet few field fight fill find fine fire first fish five fly follow
food for force forest form forward found four free friend friends from front full fun game
games garden gate get ghost gift girl girls give glass go god going gold golden gone good got
gravity great green ground group grow had half hand hands happy hard has hat have he head hear
heart heat heaven heavy held hello help her here hero high hill him his history hit hold hole
home honey hope horse hot hotel hour hours house how human hunger hunt hurt i ice idea if in
inside into is island it its job join joy jump just keep kid kids kill kind king kiss knew know
lady land language large last late laugh law lay lead learn leave left less let letter life
light like line lion list listen little live lives long look lost lot love low luck lucky lunch
made magic make man many map mark market matter may me mean men middle might mile milk mind
miss money month moon more morning most mother move much music must my name near need never new
news next nice night nine no north nose not nothing now number of off office often oh old on
once one only open or order other others our out outside over own page pain paper park part
party pass past people perfect person pick picture piece place plan plant play please point
poor power present pretty price problem public pull push put queen question quick quiet race
rain ran reach read reading ready real reason red remember rest rich ride right ring rise river
road rock room rose round run rush sad safe said same saw say school sea second see seen sell
send seven shall shape she ship short should show side sign signs simple since sing sister sit
six size sleep slow small smile snow so soft some someone something son song soon sound south
space speak speed spirit split spring square stand star stars start state stay step still stop
store story street strong study such summer sun sure swim table take taken talk tall teach
team tell ten than thank that the their them then there these they thing things think third
this those though three through time to today together told tomorrow too took top toward town
trade traffic train tree trip true truth try turn twelve twenty two under until up upon us use
very voice wait walk wall want war warm was wash watch water way we weather week well went were
west what wheel when where which while white who whole why wide wife wild will win wind window
winter wish with without woman women wonder word words work world would write wrong yard year
years yellow yes yet you young your
`;

// More everyday nouns, verbs and adjectives of newspaper prose, plurals included where a
// title uses them ("Three Monkeys", "The Reader", "Great Freedom").
const EVERYDAY = `
accident actor actors address adult adults advice affair affairs agent agents alarm animals
apartment apple argument arms arrivals artist artists attack audience autumn award awards
balance band bar battle beach beauty believer bell bells birth birthday blind bomb border
boss bottle bride bridges brothers brush budget bullet bus cabin camera camp captain card
career carpet cash castle chair champion chase cheap chief child church cinema circle citizen
claim client climate climates clock clothes cloud clouds club coach coast coffee collection
comedy contest conversation copy corner couple cousin crew crime crowd crown cup customer
danger date deadline debt decision departure departures desert design desire dessert detail
devil diary diet dinosaur director distance doubt dragon drama drawing driver drum duty editor
election empire enemy energy engine escape event evidence exam exit expert fame fan fans
fashion favour favor fever film films finish fireworks flag floor flower flowers freedom fruit
funeral future gallery gap gentleman gentlemen giant glory grace grandfather grandmother
guard guest guests guide gun guns hair hall harbour harbor hell hill holiday homeland honour
honor hope host hunter husband ice image impact island jacket journey judge jury justice key
kingdom kitchen knife knight label ladder lake lamp lawyer leader legend lesson liar library
lie lies lights limit lines lobby lock loser lover lovers machine mail manager mask master
match meal memory message metal midnight minister mirror mission mistake model monkey monkeys
monster mountain mouth movie movies murder museum mystery nation nature neighbour neighbor
nerve net nightmare noise novel nurse ocean officer orange owner pair palace panic parade
parent parents partner passenger path patient peace pen pencil phone photo piano pilot
pirate planet plate player pocket poem poet police politics pool president press pressure
prince princess prison prize producer profit promise proof prophet protest pub puzzle rage
reader readers rebel record recording rescue return review revenge reward rhythm rider
rival robot roof rules sale salt sand scene science score screen script season secret
secrets security servant service shadow shadows shell shelter shock shoe shop silence
singer skin sky slave smoke soldier soldiers speech spy stage station storm stranger strangers
stream strike student students style success suit surprise survivor survivors sweet system
tale target taste tax tea teacher tear tears temple test theatre theater thief ticket tide
tiger title tonight tour tower toy track travel treasure trial trick trouble truck trust
tunnel twin twins umbrella uncle union valley victim victory village violence visit visitor
visitors volunteer vote voyage wallet wave wealth wedding weekend whale wheels whisper wine
wing wings winner witness wolf wolves wood worker writer youth zone
`;

// Everyday words that are also well-known film titles.
const TITLE_WORDS = `
alien aliens amour arrival avatar babe bambi birds blow boyhood bolt brooklyn bug capote cats
chef clue coco collateral contact contagion crank creed cube departed descendants dune elf
equilibrium fences flight frozen fury gladiator greed halloween hereditary hook hostage hulk
hustle jaws joker ladyhawke logan looper memento moonlight mother network nope notorious
parasite platoon poltergeist psycho rampage rocky room rope rounders scream seven shame
sideways sisters smile soul speed splash spotlight stir sunshine super tangled taxi tenet
thief titanic traffic twister unforgiven us vertigo whiplash witness changeling twilight
hunger sult
`;

// The function words of the other languages festival pages are written in (French, German,
// Italian, Spanish), folded as the matcher folds them (no accents). A capitalised one opening a
// sentence is not the first half of a name ("Dopo Gomorra", "Auch Systemsprenger"), and a title
// made of them is prose until the page says otherwise ("Elle ment", "Elle de Verhoeven").
const FUNCTION_WORDS = `
alors apres au aussi aux avant avec car ce ces cet cette chez comme dans de deja depuis des donc
dont du elle elles en encore est et etait ici il ils je la le les leur leurs lui ma mais meme mes
mon ne ni nos notre nous on ou par pas pendant plus pour puis qu que qui sa sans se ses si son
sont sous sur ta tes toi ton tout tous tres tu un une vers vos votre vous
aber als am auch auf aus bei bis da dann das dass dem den denn der des dich die doch du durch ein
eine einem einen einer eines er es fur gegen hat ich ihm ihn ihr im ins ist kein keine mit nach
nicht noch nur ob oder ohne schon sehr sein seine seit sich sie sind uber um und uns unter vom
von vor war was weil wenn wie wir wird zu zum zur zwischen
agli ai al alla alle allo anche che chi come con cui da dai dal dalla degli dei del della delle
dello di dopo dove ed era gia gli ha hanno il io lei lo loro ma mentre molto nel nella nelle
non ogni per piu poi prima quando quella quello questa questo se sempre senza sono su sua sul
sulla suo tra tutti tutto
como con cuando del desde donde el ella ellos entre es esta este fue hasta las los mas muy
para pero por porque sin sobre sus tambien una unos ya
`;

// Short function words that may stay lower case inside a title ("In the Valley of Elah").
const MINOR = `a an and as at but by for from in into nor of on or over per so the to up via vs with yet`;

// Plain strings and no top-level calls: a bundle that imports core/matching without building a
// matcher (the content script, for normalizeTitle, unpackMatches and ShortForms) drops this
// module whole, and the content bundle is a budget (test/build/bundle-size.test.ts).
export function wordLists(): { common: string; minor: string } {
  return { common: `${FREQUENT} ${EVERYDAY} ${TITLE_WORDS} ${FUNCTION_WORDS}`, minor: MINOR };
}
